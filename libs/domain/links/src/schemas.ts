/** Schemas entry point (`@kioku/links/schemas`): the link vocabulary that input schemas use, with no DI. */
export { LINK_TYPES, type LinkType } from './lib/domain/link';
