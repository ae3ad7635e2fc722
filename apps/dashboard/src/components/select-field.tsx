/** A labelled select of names (categories, emotions), optionally with an "any" choice first. */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  names: readonly string[];
  anyLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.anyLabel !== undefined && <option value="">{props.anyLabel}</option>}
        {props.names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
