/** A setting is exported with its keys in order, whatever order the store hands them back in. */
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { NamespaceStateRepository } from '@kioku/namespace-storage';
import { portabilityModule } from '../../portability.module';
import { ExportNamespaceUseCase } from './export-namespace.use-case';
import { TextSink } from './export-sink';

it('exports setting keys sorted, so two exports of the same data are the same lines', async () => {
  const kit = createForgettingTestKit({ modules: [portabilityModule()] });
  await kit.container
    .get(NamespaceStateRepository)
    .write('ordered', 'consolidation', { zeta: 1, alpha: 'x', mid: true });
  const sink = new TextSink();
  await kit.container.get(ExportNamespaceUseCase).execute({ namespace: 'ordered', sink });
  const setting = sink.lines().find((line) => line.startsWith('{"type":"setting"'));
  expect(setting).toBe('{"type":"setting","key":"consolidation","value":{"alpha":"x","mid":true,"zeta":1}}');
});
