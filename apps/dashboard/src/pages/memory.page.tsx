/** A memory: its fields, an edit form, its links as a walkable graph, its episodes, and forget. */
import { useState } from 'preact/hooks';
import { get } from '../api/client';
import type { MemoryInspection, MemoryView } from '../api/types';
import { PinnedBadge, PrivateBadge } from '../components/badges';
import { LinkGraph } from '../components/link-graph';
import { ErrorNote, Loading, Notice } from '../components/status';
import { formatDate, formatNumber, snippet } from '../format';
import { memoryHref } from '../router';
import { useLoad } from '../use-load';
import { ForgetButton } from './forget.button';
import { MemoryEditForm } from './memory-edit.form';

export function MemoryPage({ id }: { id: string }) {
  const { data, error, reload } = useLoad(
    () => get<MemoryInspection>(`/v1/memories/${encodeURIComponent(id)}`),
    [id],
  );
  const [notice, setNotice] = useState<string | null>(null);
  if (error) return <ErrorNote error={error} />;
  if (!data || data.memory.id !== id) return <Loading />;
  const { memory } = data;
  return (
    <section aria-labelledby="memory-title">
      <h1 id="memory-title">
        Memory <code>{memory.id}</code> <PrivateBadge isPrivate={memory.private} />{' '}
        <PinnedBadge importance={memory.importance} />
      </h1>
      <Notice text={notice} />
      <div class="columns">
        <div class="card">
          <MemoryFields memory={memory} />
          <ForgetButton memoryId={memory.id} onForgotten={() => (location.hash = '#/trash')} />
        </div>
        <div class="card">
          <h2>Edit</h2>
          <MemoryEditForm
            key={memory.updatedAt}
            memory={memory}
            onSaved={(changed) => {
              setNotice(changed.length ? `Saved: ${changed.join(', ')}.` : 'Nothing changed.');
              reload();
            }}
          />
        </div>
      </div>
      <div class="columns">
        <MemoryLinks inspection={data} />
        <MemoryEpisodes episodes={data.episodes} />
      </div>
    </section>
  );
}

function MemoryFields({ memory }: { memory: MemoryView }) {
  return (
    <>
      <p class="content">{memory.content}</p>
      <dl class="fields">
        <dt>Category</dt>
        <dd>{memory.category}</dd>
        <dt>Importance</dt>
        <dd>{memory.importance}</dd>
        <dt>Emotion</dt>
        <dd>
          {memory.emotion.primary} (intensity {formatNumber(memory.emotion.intensity)}, valence{' '}
          {formatNumber(memory.emotion.valence)}, arousal {formatNumber(memory.emotion.arousal)})
        </dd>
        <dt>Tags</dt>
        <dd>{memory.tags.length ? memory.tags.join(', ') : '—'}</dd>
        <dt>Created</dt>
        <dd>{formatDate(memory.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{formatDate(memory.updatedAt)}</dd>
        <dt>Recalled</dt>
        <dd>
          {memory.accessCount} times, last {formatDate(memory.lastAccessedAt)}
        </dd>
      </dl>
    </>
  );
}

/** The memory's links as a walkable graph, then as a list. */
function MemoryLinks({ inspection }: { inspection: MemoryInspection }) {
  const { links } = inspection;
  return (
    <div class="card">
      <h2>Links ({links.length})</h2>
      <LinkGraph inspection={inspection} />
      <ul class="link-list">
        {links.map((l) => (
          <li key={l.memory.id + l.type}>
            <a href={memoryHref(l.memory.id)}>{l.memory.id}</a> {l.type} {formatNumber(l.confidence)}{' '}
            <PrivateBadge isPrivate={l.memory.private} />{' '}
            <span class="muted">{snippet(l.memory.content)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MemoryEpisodes({ episodes }: { episodes: MemoryInspection['episodes'] }) {
  return (
    <div class="card">
      <h2>Episodes ({episodes.length})</h2>
      {episodes.length === 0 ? (
        <p class="muted">In no episode.</p>
      ) : (
        <ul>
          {episodes.map((e) => (
            <li key={e.episodeId}>
              <strong>{e.summary}</strong> <code>{e.episodeId}</code> — {e.memoryIds.length} memories,{' '}
              {formatDate(e.startTime)} to {formatDate(e.endTime)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
