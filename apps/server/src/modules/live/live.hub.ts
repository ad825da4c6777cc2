import { Repeater } from 'graphql-yoga';
import type { Database } from '../../db/client';
import type { Logger } from '../../context';
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from './live.service';

/** Who is listening: a member, and whether they manage messages (reached by `staff` events). */
export interface LiveListener {
  memberId: number;
  isStaff: boolean;
}

/** Live events of this process, fanned out from the database channel to the open subscriptions. */
export interface LiveHub {
  /** The events for one listener, until the subscription ends. */
  events(listener: LiveListener): AsyncIterable<LiveEvent>;
  /** Subscriptions open and listening (for tests and the health of the process). */
  size(): number;
  close(): Promise<void>;
}

/** Whether an event reaches a listener. E-mail events are for the job workers, never for clients. */
export function reaches(event: LiveEvent, listener: LiveListener): boolean {
  if (event.kind === 'email') return false;
  return event.to === 'staff' ? listener.isStaff : event.to.includes(listener.memberId);
}

/**
 * One LISTEN per process, opened with the first subscription and kept while the process runs;
 * each subscription is a Repeater that gets the events that reach it.
 */
export function createLiveHub(database: Database, log: Logger): LiveHub {
  const sinks = new Set<(event: LiveEvent) => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  const ensureListening = (): Promise<() => Promise<void>> => {
    listening ??= database
      .listen(LIVE_CHANNEL, (payload) => {
        const event = parseLiveEvent(payload);
        if (!event) return;
        for (const sink of sinks) sink(event);
      })
      .catch((error: unknown) => {
        listening = null;
        log.error({ err: error }, 'Could not listen for live events');
        throw error;
      });
    return listening;
  };
  return {
    events(listener) {
      return new Repeater<LiveEvent>(async (push, stop) => {
        const sink = (event: LiveEvent) => {
          if (reaches(event, listener)) void push(event);
        };
        try {
          await ensureListening();
        } catch (error) {
          stop(error);
          return;
        }
        sinks.add(sink);
        await stop;
        sinks.delete(sink);
      });
    },
    size: () => sinks.size,
    async close() {
      sinks.clear();
      const current = listening;
      listening = null;
      if (current) await (await current.catch(() => async () => {}))();
    },
  };
}

/** A hub for processes without subscriptions (jobs): subscribing ends at once. */
export const liveNotRunning: LiveHub = {
  events: () => new Repeater<LiveEvent>((_push, stop) => stop()),
  size: () => 0,
  close: async () => {},
};
