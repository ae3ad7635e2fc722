/**
 * Search: recall with every filter. The query and filters stay in this page's state and go to the
 * gateway in a POST body — never into the URL or the title, since a query can be as private as the
 * memories it finds. Private memories come back only when asked for, and are marked.
 */
import { useState } from 'preact/hooks';
import { post } from '../api/client';
import type { RecallResult } from '../api/types';
import { PinnedBadge, PrivateBadge } from '../components/badges';
import { CheckField, InputField } from '../components/input-field';
import { SelectField } from '../components/select-field';
import { ErrorNote } from '../components/status';
import { formatDate, formatNumber, tagList } from '../format';
import { memoryHref } from '../router';
import { useAction } from '../use-action';
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
  const { busy, error, run } = useAction();

  const search = () =>
    run(async () => {
      const body = await post<{ results: RecallResult[] }>('/v1/recall', recallBody(form));
      setResults(body.results);
      lastSearch = { form, results: body.results };
    });

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
        <SearchFields form={form} onChange={setForm} />
        <button type="submit" disabled={busy}>
          Search
        </button>
      </form>
      <ErrorNote error={error} />
      {results && <SearchResults results={results} />}
    </section>
  );
}

/** The recall request: only the filters that are set. */
function recallBody(form: SearchForm) {
  const tags = tagList(form.tags);
  return {
    query: form.query,
    n_results: form.nResults,
    ...(form.category ? { category: form.category } : {}),
    ...(form.emotion ? { emotion: form.emotion } : {}),
    ...(tags.length ? { tags } : {}),
    ...(form.dateFrom ? { date_from: form.dateFrom } : {}),
    ...(form.dateTo ? { date_to: form.dateTo } : {}),
    include_private: form.includePrivate,
  };
}

function SearchFields({ form, onChange }: { form: SearchForm; onChange: (form: SearchForm) => void }) {
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <>
      <InputField
        id="query"
        label="What to recall"
        type="search"
        wide
        value={form.query}
        onInput={(v) => set('query', v)}
      />
      <InputField
        id="n-results"
        label="Results"
        type="number"
        min={1}
        max={20}
        value={form.nResults}
        onInput={(v) => set('nResults', Number(v) || 10)}
      />
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
      <InputField
        id="tags"
        label="Tags (any of, comma-separated)"
        value={form.tags}
        onInput={(v) => set('tags', v)}
      />
      <InputField
        id="date-from"
        label="From"
        type="date"
        value={form.dateFrom}
        onInput={(v) => set('dateFrom', v)}
      />
      <InputField id="date-to" label="To" type="date" value={form.dateTo} onInput={(v) => set('dateTo', v)} />
      <CheckField
        id="include-private"
        label="Include private memories"
        checked={form.includePrivate}
        onChange={(v) => set('includePrivate', v)}
      />
    </>
  );
}

function SearchResults({ results }: { results: RecallResult[] }) {
  return (
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
  );
}
