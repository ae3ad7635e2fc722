/** Public API of @kioku/composition: what other projects use; everything else is internal. */
export { vectorStoreModule } from './lib/adapter-modules';
export { type AppContainer, type AppContainerOptions, createAppContainer } from './lib/create-app-container';
export { knownOnnxModels, pullOnnxModel, type KnownOnnxModel } from './lib/onnx-models';
export {
  hasUnmigratedChromaStore,
  markChromaStoreMigrated,
  refuseUnmigratedChromaStore,
} from './lib/managed-chroma-migration';
