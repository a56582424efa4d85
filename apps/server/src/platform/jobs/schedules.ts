import type { FastifyInstance } from 'fastify';
import type { JobModule, Schedule } from './job-types';

/** Every schedule of the app, started and stopped together. */
export interface Schedules {
  readonly names: readonly string[];
  /** Starts every loop (main.ts, once the server listens). */
  start(): void;
  /** Stops every loop in order, each letting its run under way finish. */
  stop(): Promise<void>;
}

/** The schedules the modules declare, from the app's services. */
export function collectSchedules(app: FastifyInstance, modules: readonly JobModule[]): Schedules {
  const schedules: Schedule[] = modules.flatMap((module) => module.schedules?.(app) ?? []);
  return {
    names: schedules.map((schedule) => schedule.name),
    start() {
      for (const schedule of schedules) schedule.loop.start(schedule.intervalMs);
    },
    async stop() {
      for (const schedule of schedules) await schedule.loop.stop();
    },
  };
}

/** The job definitions of every module, one per type (a type declared twice is an error). */
export function collectJobDefinitions(modules: readonly JobModule[]) {
  const all: Record<string, unknown> = {};
  for (const module of modules) {
    for (const [type, definition] of Object.entries(module.jobs ?? {})) {
      if (type in all) throw new Error(`Job type ${type} is declared twice (${module.name})`);
      all[type] = definition;
    }
  }
  return all;
}
