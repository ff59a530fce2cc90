import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { applyAdminCommand, isAdminCommand } from './modules/admin/index.js';

const USAGE = `Usage: npm run admin -- <command> <email>
Commands:
  grant <email>     make the user an administrator
  revoke <email>    take administrator rights away
  verify <email>    mark a designer as verified (D10)
  unverify <email>  remove the verified badge
  confirm-email <email>  confirm the member's e-mail address (a server without SMTP: docs/decisions/0050)`;

async function run([command, email]: string[]): Promise<number> {
  if (!isAdminCommand(command) || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const username = await applyAdminCommand(database.db, command, email, { config });
    if (!username) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${command}: done for ${username} <${email}>.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
