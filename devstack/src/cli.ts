import { startDevstack } from './index.js';

/**
 * `npm run devstack [-- --reset]`: the devstack in the foreground until ctrl-c / SIGTERM.
 * Exits non-zero with the reason when startup fails (port taken, broken migration, …).
 */
const args = new Set(process.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  console.log('usage: npm run devstack [-- --reset]\n  --reset  wipe the data folder (.devstack/ or $DEVSTACK_DIR) first');
  process.exit(0);
}

try {
  const devstack = await startDevstack({ reset: args.has('--reset') });
  const { status } = devstack;
  console.log(
    [
      '',
      `devstack ready in ${devstack.readyMs} ms`,
      `  API URL           ${status.api_url}`,
      `  DB URL            ${status.db_url}`,
      `  Inbox URL         ${status.inbox_url}`,
      `  Stripe (local)    ${status.stripe_url}`,
      `  Social platforms  ${status.platforms_url}`,
      `  Worker URL        ${status.worker_url}`,
      `  anon key          ${status.anon_key}`,
      `  service_role key  ${status.service_role_key}`,
      `  status file       ${devstack.config.dataDir}/status.json`,
      '',
    ].join('\n'),
  );
  let signals = 0;
  const shutdown = (signal: string) => {
    // A second ctrl-c while stopping means "now": postgres already got the terminal's SIGINT.
    if (++signals > 1) process.exit(130);
    console.log(`\n${signal}: stopping devstack…`);
    devstack.stop().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`devstack: stop failed: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
} catch (err) {
  console.error(`\ndevstack failed to start: ${(err as Error).message}`);
  process.exit(1);
}
