/**
 * The site's clock, as a test sets it: preloaded into a `next start` (NODE_OPTIONS=--require) with SERVER_CLOCK_FILE
 * naming a file that holds an offset in milliseconds, it moves the whole Date (Date.now and new Date()) by that offset,
 * read again every 100 ms: both together, since libraries mix them (gRPC's deadlines would expire at once). The outside
 * world's time is what a test steers here (a rental's 48 hours pass in a second); the site's own code runs unchanged.
 */
const { readFileSync } = require('node:fs');

const file = process.env.SERVER_CLOCK_FILE;
if (file) {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  // Some runtimes copy the global's own statics: name them here rather than rely on inheritance.
  for (const name of ['parse', 'UTC']) Object.defineProperty(ShiftedDate, name, { value: RealDate[name], writable: true, configurable: true });
  globalThis.Date = ShiftedDate;
}
