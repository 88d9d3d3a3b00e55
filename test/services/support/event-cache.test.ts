// One cache for values dropped on an event (issue 20): readers share a load, a failed load is not
// kept, a load overtaken by an invalidation answers its readers and is not kept, and the number of
// keys is bounded. Loads are controlled by hand (deferred promises), so nothing here races a timer.
import { EventCache } from "../../../server/services/support/event-cache.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

it("shares one load between concurrent readers and keeps its value", async () => {
  const cache = new EventCache<string, number>();
  let loads = 0;
  const load = () => Promise.resolve(++loads);
  expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
  expect(await cache.get("a", load)).toBe(1);
  expect(loads).toBe(1);
});

it("does not keep a failed load, even when a newer load replaced it meanwhile", async () => {
  const cache = new EventCache<string, string>();
  const first = deferred<string>();
  const failing = cache.get("a", () => first.promise);
  cache.invalidate("a");
  const second = deferred<string>();
  const newer = cache.get("a", () => second.promise);
  first.reject(new Error("database down"));
  await expect(failing).rejects.toThrow("database down");
  second.resolve("fresh");
  expect(await newer).toBe("fresh");
  // The newer load is still kept: the failure of the older one did not drop it.
  expect(await cache.get("a", () => Promise.resolve("reloaded"))).toBe("fresh");
  expect(await cache.get("b", () => Promise.reject(new Error("no"))).catch(() => "failed")).toBe("failed");
  expect(await cache.get("b", () => Promise.resolve("b again"))).toBe("b again");
});

it("answers the readers of a load an invalidation overtook, and loads again for the next reader", async () => {
  const cache = new EventCache<string, string>();
  const old = deferred<string>();
  const waiting = cache.get("a", () => old.promise);
  cache.invalidateAll();
  old.resolve("before the change");
  expect(await waiting).toBe("before the change");
  expect(await cache.get("a", () => Promise.resolve("after the change"))).toBe("after the change");
});

it("loads the missing keys of a batch in one call, and keeps none it did not answer", async () => {
  const cache = new EventCache<number, string>();
  const calls: number[][] = [];
  const loadMany = async (missing: number[]) => {
    calls.push(missing);
    return new Map(missing.filter((id) => id !== 3).map((id) => [id, `p${id}`]));
  };
  expect(await cache.getMany([1, 2, 3], loadMany)).toEqual(
    new Map([
      [1, "p1"],
      [2, "p2"],
    ]),
  );
  expect(await cache.getMany([2, 3, 4], loadMany)).toEqual(
    new Map([
      [2, "p2"],
      [4, "p4"],
    ]),
  );
  expect(calls).toEqual([
    [1, 2, 3],
    [3, 4],
  ]);
});

it("keeps at most maxEntries keys, dropping the least recently read", async () => {
  const cache = new EventCache<string, string>(2);
  let loads = 0;
  const load = (value: string) => () => (loads++, Promise.resolve(value));
  await cache.get("a", load("a"));
  await cache.get("b", load("b"));
  await cache.get("a", load("a"));
  await cache.get("c", load("c"));
  expect(loads).toBe(3);
  await cache.get("a", load("a"));
  expect(loads).toBe(3);
  await cache.get("b", load("b"));
  expect(loads).toBe(4);
});
