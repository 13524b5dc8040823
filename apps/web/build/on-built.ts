import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * A build-only plugin that works on the files the build wrote, once it has closed: `handler` gets
 * the output folder. `order` runs it before ('pre') or after ('post') the other plugins' turn.
 */
export function onBuilt(
  name: string,
  order: 'pre' | 'post',
  handler: (this: Rollup.PluginContext, outDir: string) => void,
): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order,
      handler() {
        handler.call(this, outDir);
      },
    },
  };
}
