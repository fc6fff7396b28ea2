/** Startup failures end the process with one line that says what is wrong and what to do. */
export function exitWithReason(processName: string, error: unknown): never {
  const code = (error as { code?: string })?.code;
  const message =
    code === 'EADDRINUSE'
      ? `port ${(error as { port?: number }).port} is already in use by another program: stop it or set PORT to a free port.`
      : code === 'ECONNREFUSED'
        ? `cannot reach ${(error as { address?: string }).address}:${(error as { port?: number }).port}: is MySQL running? Check DATABASE_URL (npm run services starts it).`
        : error instanceof Error
          ? error.message
          : String(error);
  process.stderr.write(`[${processName}] ${message}\n`);
  process.exit(1);
}
