import { asksWhen, saysWhen, withTimeKey } from './time-key';

describe('time key', () => {
  it('knows a question about when, or for how long', () => {
    for (const q of [
      'When did we deploy v2?',
      'when was the incident',
      'How long has Alice been painting?',
      'What year did Bob move to Osaka?',
      'Since when is the cache on?',
    ])
      expect(asksWhen(q)).toBe(true);
    for (const q of ['What did we decide about the cache?', 'Where does Alice live?', 'Who said when?'])
      expect(asksWhen(q)).toBe(false);
  });

  it('finds time expressions: relative days, dated periods, weekdays, months, years, dates', () => {
    for (const text of [
      'We rolled back yesterday',
      'I started pottery two years ago',
      'Last weekend we went hiking',
      'the review is next Tuesday',
      'moved in May',
      'since 2019',
      'done for 3 weeks now',
      'due 4/12',
    ])
      expect(saysWhen(text)).toBe(true);
    for (const text of [
      'We chose Postgres for the cache',
      'version 1.2 is out',
      'scored 3.5 of 5',
      'we may ship it',
    ])
      expect(saysWhen(text)).toBe(false);
  });

  it('raises the memories that say when for a question that asks when, and only those', () => {
    const relevance = new Map([
      ['a', 0.5],
      ['b', 0.6],
    ]);
    const contents = new Map([
      ['a', 'We deployed v2 last Friday'],
      ['b', 'The v2 deploy went well'],
    ]);
    const raised = withTimeKey(relevance, contents, 'When did we deploy v2?', 1);
    expect(raised.get('a')).toBeCloseTo(1);
    expect(raised.get('b')).toBe(0.6);
    expect(withTimeKey(relevance, contents, 'How did the v2 deploy go?', 1)).toBe(relevance);
  });

  it('changes nothing when every memory or none says when', () => {
    const relevance = new Map([
      ['a', 0.5],
      ['b', 0.6],
    ]);
    const undated = new Map([
      ['a', 'the deploy'],
      ['b', 'the v2 deploy'],
    ]);
    const dated = new Map([
      ['a', 'the deploy yesterday'],
      ['b', 'the v2 deploy in May'],
    ]);
    expect(withTimeKey(relevance, undated, 'When was the deploy?', 1)).toBe(relevance);
    expect(withTimeKey(relevance, dated, 'When was the deploy?', 1)).toBe(relevance);
  });
});
