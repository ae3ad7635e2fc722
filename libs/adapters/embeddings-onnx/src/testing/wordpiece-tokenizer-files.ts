/**
 * A BERT WordPiece tokenizer as the hub stores one (`tokenizer.json` and `tokenizer_config.json`),
 * for the test kit's models: the five special tokens, every ASCII letter, digit and punctuation mark
 * and, as BERT's own vocabularies have them, every hiragana and katakana letter, each alone and as a
 * `##` continuation (so any English text tokenizes and Japanese kana do not all become [UNK]), then
 * the given words and pieces, padded with `[unusedN]` to `size`.
 */
const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const KANA = Array.from({ length: 0x30ff - 0x3041 + 1 }, (_, index) => String.fromCodePoint(0x3041 + index));
const CHARACTERS = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789',
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  ...KANA,
];

export function wordPieceVocabulary(pieces: readonly string[], size: number): string[] {
  const vocabulary = [
    ...new Set([...SPECIAL_TOKENS, ...CHARACTERS, ...CHARACTERS.map((c) => `##${c}`), ...pieces]),
  ];
  if (vocabulary.length > size)
    throw new Error(`${vocabulary.length} pieces do not fit a vocabulary of ${size}`);
  for (let unused = 0; vocabulary.length < size; unused += 1) vocabulary.push(`[unused${unused}]`);
  return vocabulary;
}

/** The two files' texts for `vocabulary` (ids are positions; the specials first). */
export function wordPieceTokenizerFiles(vocabulary: readonly string[]): {
  tokenizer: string;
  tokenizerConfig: string;
} {
  const id = (token: string) => vocabulary.indexOf(token);
  const special = (token: string) => ({ id: token, ids: [id(token)], tokens: [token] });
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: { '[CLS]': special('[CLS]'), '[SEP]': special('[SEP]') },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((token, index) => [token, index])),
    },
  };
  const tokenizerConfig = {
    cls_token: '[CLS]',
    do_lower_case: true,
    mask_token: '[MASK]',
    model_max_length: 512,
    pad_token: '[PAD]',
    sep_token: '[SEP]',
    tokenize_chinese_chars: true,
    tokenizer_class: 'BertTokenizer',
    unk_token: '[UNK]',
  };
  return { tokenizer: JSON.stringify(tokenizer), tokenizerConfig: JSON.stringify(tokenizerConfig) };
}
