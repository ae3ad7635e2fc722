/**
 * Search: recall with every filter. The query and filters stay in this page's state and go to the
 * gateway in a POST body — never into the URL or the title, since a query can be as private as the
 * memories it finds. Private memories come back only when asked for, and are marked.
 */
import { useState } from 'preact/hooks';
import { post } from '../api/client';
import type { RecallResult } from '../api/types';
import { PinnedBadge, PrivateBadge } from '../components/badges';
import { SelectField } from '../components/select-field';
import { ErrorNote } from '../components/status';
import { formatDate, formatNumber } from '../format';
import { memoryHref } from '../router';
import { CATEGORIES, EMOTIONS, SOURCE_LABELS } from '../vocabulary';

interface SearchForm {
  query: string;
  nResults: number;
  category: string;
  emotion: string;
  tags: string;
  dateFrom: string;
  dateTo: string;
  includePrivate: boolean;
}

const EMPTY: SearchForm = {
  query: '',
  nResults: 10,
  category: '',
  emotion: '',
  tags: '',
  dateFrom: '',
  dateTo: '',
  includePrivate: false,
};

/** The last search survives a visit to a memory page (in memory only, gone on reload). */
let lastSearch: { form: SearchForm; results: RecallResult[] | null } = { form: EMPTY, results: null };

export function SearchPage() {
  const [form, setForm] = useState<SearchForm>(lastSearch.form);
  const [results, setResults] = useState<RecallResult[] | null>(lastSearch.results);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) =>
    setForm({ ...form, [key]: value });

  async function search() {
    setBusy(true);
    setError(null);
    const tags = form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    try {
      const body = await post<{ results: RecallResult[] }>('/v1/recall', {
        query: form.query,
        n_results: form.nResults,
        ...(form.category ? { category: form.category } : {}),
        ...(form.emotion ? { emotion: form.emotion } : {}),
        ...(tags.length ? { tags } : {}),
        ...(form.dateFrom ? { date_from: form.dateFrom } : {}),
        ...(form.dateTo ? { date_to: form.dateTo } : {}),
        include_private: form.includePrivate,
      });
      setResults(body.results);
      lastSearch = { form, results: body.results };
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">Search</h1>
      <form
        class="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <div class="field wide">
          <label for="query">What to recall</label>
          <input
            id="query"
            type="search"
            value={form.query}
            onInput={(e) => set('query', e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="n-results">Results</label>
          <input
            id="n-results"
            type="number"
            min={1}
            max={20}
            value={form.nResults}
            onInput={(e) => set('nResults', Number(e.currentTarget.value) || 10)}
          />
        </div>
        <SelectField
          id="category"
          label="Category"
          value={form.category}
          names={CATEGORIES}
          anyLabel="any"
          onChange={(v) => set('category', v)}
        />
        <SelectField
          id="emotion"
          label="Emotion"
          value={form.emotion}
          names={EMOTIONS}
          anyLabel="any"
          onChange={(v) => set('emotion', v)}
        />
        <div class="field">
          <label for="tags">Tags (any of, comma-separated)</label>
          <input id="tags" value={form.tags} onInput={(e) => set('tags', e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="date-from">From</label>
          <input
            id="date-from"
            type="date"
            value={form.dateFrom}
            onInput={(e) => set('dateFrom', e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="date-to">To</label>
          <input
            id="date-to"
            type="date"
            value={form.dateTo}
            onInput={(e) => set('dateTo', e.currentTarget.value)}
          />
        </div>
        <div class="field check">
          <input
            id="include-private"
            type="checkbox"
            checked={form.includePrivate}
            onChange={(e) => set('includePrivate', e.currentTarget.checked)}
          />
          <label for="include-private">Include private memories</label>
        </div>
        <button type="submit" disabled={busy}>
          Search
        </button>
      </form>
      <ErrorNote error={error} />
      {results && (
        <section aria-label="Results">
          <p role="status">{results.length === 0 ? 'Nothing found.' : `${results.length} found.`}</p>
          <ol class="results">
            {results.map((r) => (
              <li key={r.id} class="card result" data-memory-id={r.id}>
                <p class="content">{r.content}</p>
                <p class="meta">
                  <a href={memoryHref(r.id)}>{r.id}</a>
                  <span>similarity {formatNumber(r.similarity)}</span>
                  <span class={`source source-${r.source}`}>by {SOURCE_LABELS[r.source] ?? r.source}</span>
                  <span>{r.category}</span>
                  <span>{formatDate(r.createdAt)}</span>
                  <PrivateBadge isPrivate={r.private} />
                  <PinnedBadge importance={r.importance} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
