import type { Config } from '@react-router/dev/config';

// Server-rendered React Router app mounted in the Fastify process (server/web.ts).
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
