/** Public API of @kioku/links: what other projects use; everything else is internal. */
export { LinkRepository } from './lib/application/link.repository';
export { LINK_TYPES, type Link, type LinkType, isLinkType, reverseLink } from './lib/domain/link';
export { linksModule } from './lib/links.module';
export { pairRecordId } from './lib/application/link-record.codec';
