/** Public API of @kioku/categories: the categories a memory may have (the domain, its views and redaction). */
export { MEMORY_CATEGORIES } from './lib/memory-categories';
