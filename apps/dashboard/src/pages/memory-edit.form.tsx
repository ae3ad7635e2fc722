/** Edits a memory: sends only the fields that changed (PATCH /v1/memories/:id). Importance 5 pins it. */
import { useState } from 'preact/hooks';
import { request } from '../api/client';
import type { MemoryView } from '../api/types';
import { CheckField, InputField } from '../components/input-field';
import { SelectField } from '../components/select-field';
import { ErrorNote } from '../components/status';
import { tagList } from '../format';
import { useAction } from '../use-action';
import { CATEGORIES, EMOTIONS } from '../vocabulary';

interface EditedFields {
  content: string;
  category: string;
  importance: number;
  emotion: string;
  tags: string;
  isPrivate: boolean;
}

export function MemoryEditForm({
  memory,
  onSaved,
}: {
  memory: MemoryView;
  onSaved: (changed: string[]) => void;
}) {
  const [fields, setFields] = useState<EditedFields>({
    content: memory.content,
    category: memory.category,
    importance: memory.importance,
    emotion: memory.emotion.primary,
    tags: memory.tags.join(', '),
    isPrivate: memory.private,
  });
  const { busy, error, run } = useAction();

  const save = () =>
    run(async () => {
      const { body } = await request<{ changed?: string[] }>(
        'PATCH',
        `/v1/memories/${encodeURIComponent(memory.id)}`,
        { body: changedFields(memory, fields) },
      );
      onSaved(body.changed ?? []);
    });

  return (
    <form
      class="edit-form"
      aria-label="Edit memory"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <EditFields fields={fields} onChange={setFields} />
      <button type="submit" disabled={busy}>
        Save changes
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

/** Only what differs from the memory as it was loaded. */
function changedFields(memory: MemoryView, fields: EditedFields) {
  const { content, category, importance, emotion, isPrivate } = fields;
  const tags = tagList(fields.tags);
  return {
    ...(content !== memory.content ? { content } : {}),
    ...(category !== memory.category ? { category } : {}),
    ...(importance !== memory.importance ? { importance } : {}),
    ...(emotion !== memory.emotion.primary ? { emotion } : {}),
    ...(tags.join('\u0000') !== memory.tags.join('\u0000') ? { tags } : {}),
    ...(isPrivate !== memory.private ? { private: isPrivate } : {}),
  };
}

function EditFields({
  fields,
  onChange,
}: {
  fields: EditedFields;
  onChange: (fields: EditedFields) => void;
}) {
  const set = <K extends keyof EditedFields>(key: K, value: EditedFields[K]) =>
    onChange({ ...fields, [key]: value });
  return (
    <>
      <div class="field wide">
        <label for="edit-content">Content</label>
        <textarea
          id="edit-content"
          rows={4}
          value={fields.content}
          onInput={(e) => set('content', e.currentTarget.value)}
        />
      </div>
      <SelectField
        id="edit-category"
        label="Category"
        value={fields.category}
        names={CATEGORIES}
        onChange={(v) => set('category', v)}
      />
      <div class="field">
        <label for="edit-importance">Importance (5 pins)</label>
        <select
          id="edit-importance"
          value={fields.importance}
          onChange={(e) => set('importance', Number(e.currentTarget.value))}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n === 5 ? '5 (pinned)' : n}
            </option>
          ))}
        </select>
      </div>
      <SelectField
        id="edit-emotion"
        label="Emotion"
        value={fields.emotion}
        names={EMOTIONS}
        onChange={(v) => set('emotion', v)}
      />
      <InputField
        id="edit-tags"
        label="Tags (comma-separated)"
        value={fields.tags}
        onInput={(v) => set('tags', v)}
      />
      <CheckField
        id="edit-private"
        label="Private"
        checked={fields.isPrivate}
        onChange={(v) => set('isPrivate', v)}
      />
    </>
  );
}
