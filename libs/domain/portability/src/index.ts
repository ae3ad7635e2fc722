/** Public API of @kioku/portability: export and import of namespaces in the kioku export format. */
export {
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  RECORD_KINDS,
  type ExportLine,
  type HeaderLine,
  type RecordCounts,
  type RecordKind,
} from './lib/domain/export-format';
export { ExportFormatError } from './lib/application/format/export-format.error';
export { type ExportSink, TextSink, streamSink } from './lib/application/export-namespace/export-sink';
export {
  type ExportNamespaceInput,
  type ExportProgress,
  type ExportSummary,
} from './lib/application/export-namespace/export-namespace.input';
export { ExportNamespaceUseCase } from './lib/application/export-namespace/export-namespace.use-case';
export {
  type DuplicateFound,
  type ImportNamespaceInput,
  type ImportProgress,
  type ImportReport,
  type KindOutcome,
  type NamespaceImportReport,
} from './lib/application/import-namespace/import-namespace.input';
export {
  type ImportSource,
  fileImportSource,
  textImportSource,
} from './lib/application/import-namespace/import-source';
export { ImportNamespaceUseCase } from './lib/application/import-namespace/import-namespace.use-case';
export { portabilityModule } from './lib/portability.module';
export { type KnowledgeGraph, readKnowledgeGraph } from './lib/application/mcp-memory/mcp-memory-graph';
export {
  type McpMemoryConversion,
  type McpMemoryConversionSummary,
  entityMemoryId,
  mcpMemoryImportSource,
} from './lib/application/mcp-memory/mcp-memory-import-source';
