/**
 * The gateway's container: the shared composition (adapters, domain libraries, redacting logger)
 * with the app's name on every log record, plus the gateway's own service for two-step deletes.
 */
import { createAppContainer, type AppContainer, type AppContainerOptions } from '@kioku/composition';
import { TwoStepDelete } from '@kioku/operations/confirmations';
import type { HttpGatewayConfig } from './config';

export async function createGatewayContainer(
  config: HttpGatewayConfig,
  options: Omit<AppContainerOptions, 'appName'> = {},
): Promise<AppContainer> {
  const app = await createAppContainer(config, { appName: 'http-gateway', ...options });
  app.container.bind(TwoStepDelete).toSelf().inSingletonScope();
  return app;
}
