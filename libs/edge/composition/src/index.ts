/** Public API of @kioku/composition: what other projects use; everything else is internal. */
export { vectorStoreModule } from './lib/adapter-modules';
export { type AppContainer, type AppContainerOptions, createAppContainer } from './lib/create-app-container';
export { knownOnnxModels, pullOnnxModel } from './lib/onnx-models';
export { hasUnmigratedChromaStore, markChromaStoreMigrated } from './lib/managed-chroma-migration';
export { prepareNamespaces } from './lib/prepare-namespaces';
