/** Public API of @kioku/portability: export and import of namespaces in the kioku export format. */
export { RECORD_KINDS } from './lib/domain/export-format';
export { TextSink, streamSink } from './lib/application/export-namespace/export-sink';
export { type ExportSummary } from './lib/application/export-namespace/export-namespace.input';
export { ExportNamespaceUseCase } from './lib/application/export-namespace/export-namespace.use-case';
export { type ImportReport } from './lib/application/import-namespace/import-namespace.input';
export { fileImportSource, textImportSource } from './lib/application/shared/import-source';
export { ImportNamespaceUseCase } from './lib/application/import-namespace/import-namespace.use-case';
export { portabilityModule } from './lib/portability.module';
export { readKnowledgeGraph } from './lib/application/mcp-memory/mcp-memory-graph';
export {
  type McpMemoryConversionSummary,
  entityMemoryId,
  mcpMemoryImportSource,
} from './lib/application/mcp-memory/mcp-memory-import-source';
