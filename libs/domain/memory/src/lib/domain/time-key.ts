/**
 * The time key: a question that asks when ("when did…", "how long…", "what year…") is answered by a
 * memory that says when — people date what they tell with "yesterday", "last week", "in May", "two
 * years ago" or a year. Among the memories that match such a question, those that carry a time
 * expression count more. English time words, as the lexical analyser is English.
 */
import { raiseMarked } from './key-boost';

/** A question about when, or for how long, something happened. */
const ASKS_WHEN =
  /^\W*(when|since when|how long|how many (days|weeks|months|years)|what (year|month|day|date|time))\b/iu;

const UNITS =
  'day|days|night|nights|week|weeks|weekend|weekends|month|months|year|years|summer|winter|spring|fall|autumn';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS = 'january|february|march|april|june|july|august|september|october|november|december';
/** A time expression: a relative day, a dated period, a weekday, a month, a year or a date. */
const SAYS_WHEN = new RegExp(
  [
    'yesterday|today|tonight|tomorrow|recently|lately|ago',
    `(last|next|this|past|few|couple of|every|each) (${UNITS}|${WEEKDAYS})`,
    `\\d+ (${UNITS})`,
    WEEKDAYS,
    MONTHS,
    '(19|20)\\d\\d',
    '\\d{1,2}/\\d{1,2}(/\\d{2,4})?',
  ]
    .map((pattern) => `\\b(${pattern})\\b`)
    .join('|'),
  'iu',
);

export function asksWhen(query: string): boolean {
  return ASKS_WHEN.test(query);
}

/** "May" is a month only as a name ("in May", "May 3"); "may" is mostly the verb. */
const MAY = /\b((in|of|since|until|by|early|late|mid|during|last|next|this) May|May \d{1,2})\b/u;

export function saysWhen(content: string): boolean {
  return SAYS_WHEN.test(content) || MAY.test(content);
}

/**
 * Relevance of the memories that say when, raised by `weight` (× (1 + weight)) for a query that asks
 * when; any other query, or a pool where every memory or none says when, is left as it is.
 */
export function withTimeKey(
  relevance: Map<string, number>,
  contents: ReadonlyMap<string, string>,
  query: string,
  weight: number,
): Map<string, number> {
  if (!asksWhen(query)) return relevance;
  const dated = new Set([...relevance.keys()].filter((id) => saysWhen(contents.get(id) ?? '')));
  return raiseMarked(relevance, dated, weight);
}
