import { useEffect, useState } from 'react';
import { checkUsername, worthChecking, type UsernameCheck } from './username';

const PAUSE_MS = 300;

/**
 * Asks the server about the username once typing pauses (docs/product.md §2, Register). Only an answer for the name
 * now in the field counts; a failed check says nothing (registering will tell).
 */
export function useUsernameCheck(username: string): UsernameCheck | null {
  const [check, setCheck] = useState<UsernameCheck | null>(null);
  useEffect(() => {
    if (!worthChecking(username)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(username, controller.signal).then(setCheck, () => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username]);
  return check?.username === username ? check : null;
}
