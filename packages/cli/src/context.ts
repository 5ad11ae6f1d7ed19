import { createLogger, createServices, loadConfig, type Config, type Logger, type Services } from "@forgehire/services";

/**
 * Opens the configured database for one command and closes it afterwards, whatever happens.
 * @param run the command's work
 * @param options logLevel for commands that should stay quiet
 */
export async function withServices<T>(run: (services: Services) => Promise<T>, options: { logLevel?: string } = {}): Promise<T> {
  const config = loadConfig();
  const logger = createLogger(options.logLevel ?? (process.env.LOG_LEVEL ? config.logLevel : "warn"));
  const services = await createServices(config, logger);
  try {
    return await run(services);
  } finally {
    await services.close();
  }
}

export type { Config, Logger, Services };
