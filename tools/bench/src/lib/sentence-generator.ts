/**
 * Varied, realistic memory sentences and recall queries for the benchmark, built from templates
 * (subject × action × topic × time × number × feeling), with a share of Japanese. Each generator
 * never returns the same text twice, so every measured embedding and recall is of an unseen text.
 * A topic carries the category and tags that a memory about it would plausibly have.
 */
import type { SeededRandom } from './seeded-random';

type Language = 'en' | 'ja';

interface Topic {
  en: string;
  ja: string;
  category: string;
  tags: string[];
}

export interface SentenceParts {
  language: Language;
  template: number;
  subject: number;
  action: number;
  topic: number;
}

export interface GeneratedSentence {
  text: string;
  language: Language;
  category: string;
  tags: string[];
  /** An emotion the sentence states, when it states one. */
  emotion?: string;
  parts: SentenceParts;
}

const TOPICS: Topic[] = [
  {
    en: 'the quarterly budget review',
    ja: '四半期の予算レビュー',
    category: 'daily',
    tags: ['work', 'budget'],
  },
  {
    en: 'the flaky login test',
    ja: '不安定なログインテスト',
    category: 'technical',
    tags: ['work', 'testing'],
  },
  { en: 'a new ramen recipe', ja: '新しいラーメンのレシピ', category: 'daily', tags: ['food', 'cooking'] },
  { en: 'the broken garden fence', ja: '壊れた庭の柵', category: 'daily', tags: ['home'] },
  {
    en: 'the Kubernetes cluster upgrade',
    ja: 'Kubernetesクラスタの更新',
    category: 'technical',
    tags: ['work', 'infra'],
  },
  {
    en: "grandma's birthday present",
    ja: '祖母の誕生日プレゼント',
    category: 'relationship',
    tags: ['family'],
  },
  {
    en: 'the hiking trip to Nikko',
    ja: '日光へのハイキング旅行',
    category: 'memory',
    tags: ['travel', 'nature'],
  },
  { en: 'a book about Stoic philosophy', ja: 'ストア哲学の本', category: 'philosophical', tags: ['reading'] },
  {
    en: 'the memory leak in the worker',
    ja: 'ワーカーのメモリリーク',
    category: 'technical',
    tags: ['work', 'bug'],
  },
  { en: 'the piano recital', ja: 'ピアノの発表会', category: 'memory', tags: ['music', 'family'] },
  { en: 'the apartment lease renewal', ja: 'アパートの契約更新', category: 'daily', tags: ['home', 'money'] },
  { en: 'a dream about flying over the sea', ja: '海の上を飛ぶ夢', category: 'dream', tags: ['dream'] },
  {
    en: 'the database migration plan',
    ja: 'データベース移行計画',
    category: 'technical',
    tags: ['work', 'database'],
  },
  {
    en: 'my fear of public speaking',
    ja: '人前で話すことへの不安',
    category: 'introspection',
    tags: ['self'],
  },
  {
    en: 'the new onboarding guide',
    ja: '新しいオンボーディング資料',
    category: 'technical',
    tags: ['work', 'docs'],
  },
  {
    en: 'the weekend farmers market',
    ja: '週末のファーマーズマーケット',
    category: 'observation',
    tags: ['food'],
  },
  { en: 'the argument with my brother', ja: '兄との口論', category: 'relationship', tags: ['family'] },
  {
    en: 'the marathon training plan',
    ja: 'マラソンの練習計画',
    category: 'daily',
    tags: ['health', 'running'],
  },
  {
    en: 'the cherry blossoms by the river',
    ja: '川沿いの桜',
    category: 'observation',
    tags: ['nature', 'spring'],
  },
  {
    en: 'the code review guidelines',
    ja: 'コードレビューの指針',
    category: 'lesson',
    tags: ['work', 'process'],
  },
  { en: 'the dentist appointment', ja: '歯医者の予約', category: 'daily', tags: ['health'] },
  { en: 'an old photo album', ja: '古いアルバム', category: 'memory', tags: ['family', 'nostalgia'] },
  { en: 'the meaning of a good life', ja: '良い人生の意味', category: 'philosophical', tags: ['reflection'] },
  { en: 'the team retrospective', ja: 'チームの振り返り', category: 'conversation', tags: ['work', 'team'] },
  {
    en: 'the search ranking experiment',
    ja: '検索ランキングの実験',
    category: 'technical',
    tags: ['work', 'search'],
  },
  {
    en: 'learning to say no',
    ja: '断ることを学ぶこと',
    category: 'self_discovery',
    tags: ['self', 'boundaries'],
  },
  { en: 'the tax return', ja: '確定申告', category: 'daily', tags: ['money'] },
  { en: 'the jazz concert downtown', ja: '街のジャズコンサート', category: 'memory', tags: ['music'] },
  {
    en: 'the houseplants on the balcony',
    ja: 'ベランダの観葉植物',
    category: 'daily',
    tags: ['home', 'plants'],
  },
  {
    en: 'the security incident postmortem',
    ja: 'セキュリティ障害の振り返り',
    category: 'lesson',
    tags: ['work', 'security'],
  },
];

const SUBJECTS: [en: string, ja: string][] = [
  ['I', '私'],
  ['Alice', 'アリス'],
  ['Kenji', '健二さん'],
  ['my sister', '妹'],
  ['the team', 'チーム'],
  ['Dr. Sato', '佐藤先生'],
  ['our neighbour Maria', '隣人のマリア'],
  ['Master', 'マスター'],
  ['my manager', '上司'],
  ['Yuki', 'ゆき'],
  ['my father', '父'],
  ['the landlord', '大家さん'],
  ['Priya', 'プリヤ'],
  ['the kids', '子どもたち'],
  ['Tom from accounting', '経理のトム'],
];

const ACTIONS: [en: string, ja: string][] = [
  ['talked about', '話し合った'],
  ['finally finished', 'やっと終わらせた'],
  ['reviewed', '見直した'],
  ['worried about', '心配していた'],
  ['planned', '計画を立てた'],
  ['fixed', '直した'],
  ['wrote notes on', 'メモを書いた'],
  ['argued about', '言い合いになった'],
  ['took photos of', '写真を撮った'],
  ['postponed', '延期した'],
  ['asked me about', '私に聞いてきた'],
  ['celebrated', 'お祝いした'],
  ['looked into', '調べた'],
  ['changed their mind about', '考えを変えた'],
];

const TIMES: [en: string, ja: string][] = [
  ['yesterday morning', '昨日の朝'],
  ['last Tuesday', '先週の火曜日'],
  ['on Sunday evening', '日曜日の夜'],
  ['two weeks ago', '二週間前'],
  ['late last night', '昨夜遅く'],
  ['during lunch', '昼休み'],
  ['this weekend', '今週末'],
  ['right after the standup', '朝会の直後'],
  ['on the train home', '帰りの電車'],
  ['before the holidays', '休暇の前'],
  ['at the cafe near the station', '駅前のカフェ'],
  ['in early March', '三月の初め'],
];

const FEELINGS: [word: string, emotion: string][] = [
  ['relieved', 'calm'],
  ['proud', 'happy'],
  ['anxious', 'anxious'],
  ['grateful', 'grateful'],
  ['tired', 'melancholy'],
  ['curious', 'curious'],
  ['excited', 'excited'],
  ['frustrated', 'frustrated'],
  ['nostalgic', 'nostalgic'],
];

interface Slots {
  subject: string;
  action: string;
  topic: string;
  time: string;
  amount: number;
  feeling: string;
}

const EN_TEMPLATES: ((s: Slots) => string)[] = [
  (s) => `${s.time}, ${s.subject} ${s.action} ${s.topic}; it took about ${s.amount} minutes.`,
  (s) => `${s.subject} ${s.action} ${s.topic} ${s.time} and it cost ${s.amount} dollars.`,
  (s) => `Note to self: ${s.subject} ${s.action} ${s.topic} ${s.time}, with ${s.amount} people involved.`,
  (s) => `${s.time} ${s.subject} ${s.action} ${s.topic} (ticket #${s.amount}), worth remembering.`,
  (s) =>
    `I felt ${s.feeling} when ${s.subject} ${s.action} ${s.topic} ${s.time}; ${s.amount} messages piled up meanwhile.`,
];

const JA_TEMPLATES: ((s: Slots) => string)[] = [
  (s) => `${s.time}、${s.subject}は${s.topic}について${s.action}。${s.amount}分くらいかかった。`,
  (s) => `メモ：${s.subject}は${s.time}に${s.topic}のことで${s.action}（連絡は${s.amount}件）。`,
  (s) => `${s.subject}が${s.topic}について${s.action}のは${s.time}だった。費用は${s.amount}円。`,
];

const EN_QUERIES: ((subject: string, topic: string, time: string, amount: number) => string)[] = [
  (subject, topic) => `what did ${subject} say about ${topic}`,
  (_, topic, time) => `${topic} ${time}`,
  (subject, topic) => `when did ${subject} last deal with ${topic}?`,
  (_, topic, time) => `anything I noted about ${topic} ${time}?`,
  (_, topic, __, amount) => `how much did ${topic} cost, was it ${amount} dollars`,
  (subject, topic) => `how did I feel when ${subject} brought up ${topic}`,
];

const JA_QUERIES: ((subject: string, topic: string, time: string) => string)[] = [
  (_, topic) => `${topic}について何か覚えている？`,
  (subject, topic) => `${subject}と${topic}の話`,
  (_, topic, time) => `${time}の${topic}のこと`,
];

const MAX_ATTEMPTS = 200;

export class SentenceGenerator {
  private readonly seen = new Set<string>();
  private collisions = 0;

  /** `japaneseShare`: the fraction of sentences and queries written in Japanese (0..1). */
  constructor(
    private readonly random: SeededRandom,
    private readonly japaneseShare = 0.1,
  ) {}

  /** A memory-like sentence this generator has not returned before. */
  memory(): GeneratedSentence {
    const language: Language = this.random.next() < this.japaneseShare ? 'ja' : 'en';
    const parts: SentenceParts = {
      language,
      template: this.random.int(0, (language === 'en' ? EN_TEMPLATES : JA_TEMPLATES).length - 1),
      subject: this.random.int(0, SUBJECTS.length - 1),
      action: this.random.int(0, ACTIONS.length - 1),
      topic: this.random.int(0, TOPICS.length - 1),
    };
    return this.unique(() => this.render(parts));
  }

  /** Same speaker, action and topic as `base`, at another time with another number: a plausible sibling memory. */
  variant(base: GeneratedSentence): GeneratedSentence {
    return this.unique(() => this.render(base.parts));
  }

  /** A recall query about one of the topics, never returned before. */
  query(): string {
    return this.unique(() => {
      const subject = this.random.int(0, SUBJECTS.length - 1);
      const topic = TOPICS[this.random.int(0, TOPICS.length - 1)];
      const time = this.random.int(0, TIMES.length - 1);
      if (this.random.next() < this.japaneseShare) {
        return { text: this.random.pick(JA_QUERIES)(SUBJECTS[subject][1], topic.ja, TIMES[time][1]) };
      }
      return {
        text: this.random.pick(EN_QUERIES)(
          SUBJECTS[subject][0],
          topic.en,
          TIMES[time][0],
          this.random.int(2, 999),
        ),
      };
    }).text;
  }

  private render(parts: SentenceParts): GeneratedSentence {
    const topic = TOPICS[parts.topic];
    const index = parts.language === 'en' ? 0 : 1;
    const [feeling, emotion] = this.random.pick(FEELINGS);
    const slots: Slots = {
      subject: SUBJECTS[parts.subject][index],
      action: ACTIONS[parts.action][index],
      topic: index === 0 ? topic.en : topic.ja,
      time: this.random.pick(TIMES)[index],
      amount: this.random.int(2, 999),
      feeling,
    };
    const templates = parts.language === 'en' ? EN_TEMPLATES : JA_TEMPLATES;
    const text = capitalize(templates[parts.template](slots));
    const statesFeeling = parts.language === 'en' && parts.template === 4;
    return {
      text,
      language: parts.language,
      category: topic.category,
      tags: [...topic.tags],
      emotion: statesFeeling ? emotion : undefined,
      parts,
    };
  }

  /** Draws until the text is new; after many collisions, makes it new with a counter. */
  private unique<T extends { text: string }>(draw: () => T): T {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const candidate = draw();
      if (!this.seen.has(candidate.text)) {
        this.seen.add(candidate.text);
        return candidate;
      }
    }
    const candidate = draw();
    this.collisions += 1;
    const text = `${candidate.text} (${this.collisions})`;
    this.seen.add(text);
    return { ...candidate, text };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
