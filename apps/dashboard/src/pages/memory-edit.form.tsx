/** Edits a memory: sends only the fields that changed (PATCH /v1/memories/:id). Importance 5 pins it. */
import { useState } from 'preact/hooks';
import { request } from '../api/client';
import type { MemoryView } from '../api/types';
import { SelectField } from '../components/select-field';
import { ErrorNote } from '../components/status';
import { CATEGORIES, EMOTIONS } from '../vocabulary';

export function MemoryEditForm({
  memory,
  onSaved,
}: {
  memory: MemoryView;
  onSaved: (changed: string[]) => void;
}) {
  const [content, setContent] = useState(memory.content);
  const [category, setCategory] = useState(memory.category);
  const [importance, setImportance] = useState(memory.importance);
  const [emotion, setEmotion] = useState(memory.emotion.primary);
  const [tags, setTags] = useState(memory.tags.join(', '));
  const [isPrivate, setPrivate] = useState(memory.private);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const patch = {
      ...(content !== memory.content ? { content } : {}),
      ...(category !== memory.category ? { category } : {}),
      ...(importance !== memory.importance ? { importance } : {}),
      ...(emotion !== memory.emotion.primary ? { emotion } : {}),
      ...(tagList.join('\u0000') !== memory.tags.join('\u0000') ? { tags: tagList } : {}),
      ...(isPrivate !== memory.private ? { private: isPrivate } : {}),
    };
    setBusy(true);
    setError(null);
    try {
      const { body } = await request<{ changed?: string[] }>(
        'PATCH',
        `/v1/memories/${encodeURIComponent(memory.id)}`,
        {
          body: patch,
        },
      );
      onSaved(body.changed ?? []);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="edit-form"
      aria-label="Edit memory"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div class="field wide">
        <label for="edit-content">Content</label>
        <textarea
          id="edit-content"
          rows={4}
          value={content}
          onInput={(e) => setContent(e.currentTarget.value)}
        />
      </div>
      <SelectField
        id="edit-category"
        label="Category"
        value={category}
        names={CATEGORIES}
        onChange={setCategory}
      />
      <div class="field">
        <label for="edit-importance">Importance (5 pins)</label>
        <select
          id="edit-importance"
          value={importance}
          onChange={(e) => setImportance(Number(e.currentTarget.value))}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n === 5 ? '5 (pinned)' : n}
            </option>
          ))}
        </select>
      </div>
      <SelectField id="edit-emotion" label="Emotion" value={emotion} names={EMOTIONS} onChange={setEmotion} />
      <div class="field">
        <label for="edit-tags">Tags (comma-separated)</label>
        <input id="edit-tags" value={tags} onInput={(e) => setTags(e.currentTarget.value)} />
      </div>
      <div class="field check">
        <input
          id="edit-private"
          type="checkbox"
          checked={isPrivate}
          onChange={(e) => setPrivate(e.currentTarget.checked)}
        />
        <label for="edit-private">Private</label>
      </div>
      <button type="submit" disabled={busy}>
        Save changes
      </button>
      <ErrorNote error={error} />
    </form>
  );
}
