/** Dates and numbers as the dashboard shows them. */
export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const formatNumber = (value: number, digits = 2) => value.toFixed(digits);

/** The first words of a text, for labels in dense views (graph nodes, tables). */
export const snippet = (text: string, length = 60) =>
  text.length <= length ? text : text.slice(0, length - 1).trimEnd() + '…';

/** Tags typed as a comma-separated list. */
export const tagList = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
