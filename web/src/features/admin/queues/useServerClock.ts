import { useEffect, useState } from 'react';
import { serverTimeAt, type ServerTimeTold } from './queue-figures';

/** The clock only ages what is on screen ("figures 8 s old"); it asks the server nothing. */
const CLOCK_TICK_MS = 1000;

/** The server's time as the console reckons it, moving each second; 0 until the server has told its time. */
export function useServerClock(told: ServerTimeTold | undefined): number {
  const [browserNow, setBrowserNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return told ? serverTimeAt(browserNow, told) : 0;
}
