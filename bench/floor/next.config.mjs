/**
 * Without a config of its own, next build would look upward and take the site's. Turbopack, whose root is the
 * repository (the lockfile's folder, for node_modules), also finds the site's instrumentation.ts and proxy.ts
 * there: only .jsx files are this app's, so the floor runs nothing of the site, on the server either.
 */
const floorConfig = { pageExtensions: ['jsx'] };

export default floorConfig;
