import { useEffect, useState } from 'react';

/** The current time, refreshed every minute, so ages ("3 h ago") stay right without rendering impurely. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
