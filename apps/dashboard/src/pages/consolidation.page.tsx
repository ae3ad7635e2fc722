/**
 * Consolidation: merge proposals (near-duplicates) side by side. A merge is previewed first — which
 * memory stays, which goes to the trash, that links carry over — and only then sent.
 */
import { useState } from 'preact/hooks';
import { post } from '../api/client';
import type { ConsolidateOutput, MemoryContent, Merged } from '../api/types';
import { PrivateBadge } from '../components/badges';
import { ErrorNote, Notice } from '../components/status';
import { formatNumber } from '../format';
import { memoryHref } from '../router';
import { useAction } from '../use-action';

type Proposal = ConsolidateOutput['mergeCandidates'][number];

type Preview = { keep: MemoryContent; remove: MemoryContent };

export function ConsolidationPage() {
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { error, run } = useAction();

  const findProposals = () =>
    run(async () => {
      // A dry run: proposals only, no links changed.
      const result = await post<ConsolidateOutput>('/v1/consolidate', {
        dry_run: true,
        window_hours: 24 * 365,
      });
      setProposals(result.mergeCandidates);
    });

  const merge = ({ keep, remove }: Preview) =>
    run(async () => {
      const merged = await post<Merged>('/v1/merge', { keep_id: keep.id, remove_id: remove.id });
      setNotice(
        `Merged: kept ${merged.keptId}, ${merged.removedId} went to the trash (${merged.linksMoved} links moved).`,
      );
      setPreview(null);
      setProposals((current) => current?.filter((p) => p.a.id !== remove.id && p.b.id !== remove.id) ?? null);
    });

  return (
    <section aria-labelledby="consolidation-title">
      <h1 id="consolidation-title">Consolidation</h1>
      <p>Near-duplicate memories proposed for merging. Nothing changes until you merge.</p>
      <button type="button" onClick={() => void findProposals()}>
        Find merge proposals
      </button>
      <Notice text={notice} />
      <ErrorNote error={error} />
      {preview && (
        <MergePreview
          preview={preview}
          onMerge={() => void merge(preview)}
          onCancel={() => setPreview(null)}
        />
      )}
      {proposals && proposals.length === 0 && <p role="status">No merge proposals.</p>}
      {proposals?.map((p) => (
        <ProposalCard key={p.a.id + p.b.id} proposal={p} onKeep={setPreview} />
      ))}
    </section>
  );
}

function MergePreview(props: { preview: Preview; onMerge: () => void; onCancel: () => void }) {
  const { keep, remove } = props.preview;
  return (
    <div class="card confirm" role="alertdialog" aria-labelledby="merge-preview-title">
      <h2 id="merge-preview-title">Merge preview</h2>
      <p>
        Keep <code>{keep.id}</code>; <code>{remove.id}</code> goes to the trash (restorable) and its links
        move to the kept memory. The kept content stays as it is.
      </p>
      <button type="button" onClick={props.onMerge}>
        Merge
      </button>{' '}
      <button type="button" class="secondary" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** The two memories of a proposal side by side, each with the choice to keep it. */
function ProposalCard({ proposal: p, onKeep }: { proposal: Proposal; onKeep: (preview: Preview) => void }) {
  return (
    <article class="proposal" aria-label={`Proposal: ${p.a.id} and ${p.b.id}`}>
      <p class="meta">similarity {formatNumber(p.similarity)}</p>
      <div class="columns">
        {[p.a, p.b].map((side, index) => (
          <div class="card" key={side.id}>
            <p class="content">{side.content}</p>
            <p class="meta">
              <a href={memoryHref(side.id)}>{side.id}</a> <PrivateBadge isPrivate={side.private} />
            </p>
            <button type="button" onClick={() => onKeep({ keep: side, remove: index === 0 ? p.b : p.a })}>
              Keep this one…
            </button>
          </div>
        ))}
      </div>
    </article>
  );
}
