/** Labelled form fields: a text-like input (text, search, number, date) and a checkbox. */
export function InputField(props: {
  id: string;
  label: string;
  value: string | number;
  type?: 'text' | 'search' | 'number' | 'date';
  min?: number;
  max?: number;
  wide?: boolean;
  onInput: (value: string) => void;
}) {
  return (
    <div class={props.wide ? 'field wide' : 'field'}>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        min={props.min}
        max={props.max}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </div>
  );
}

export function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div class="field check">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <label for={props.id}>{props.label}</label>
    </div>
  );
}
