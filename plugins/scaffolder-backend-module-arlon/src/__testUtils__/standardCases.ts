// Shared behaviour every writing action's tests run: exporting `it` blocks is the point.
/* eslint-disable jest/no-export */
import { stepContext, TestFleet } from './testFleet';

type Fleet = Awaited<ReturnType<typeof TestFleet.start>>;

/**
 * What every action that writes to the fleet must do, run against a real
 * fleet repository in order: a dry run shows the files and writes nothing;
 * a run makes one commit; the same run again makes none; bad input fails
 * with a clear message and writes nothing; a denied permission fails the
 * step and writes nothing.
 */
export function itWritesTheFleetLikeTheRestApi(
  env: () => { fleet: Fleet; action: { handler(ctx: any): Promise<void> } },
  spec: {
    input: Record<string, unknown>;
    /** The definition file the run creates. */
    file: string;
    entityRef: string;
    badInput: Record<string, unknown>;
    badInputMessage: string | RegExp;
    /** The denial: "You may not <what> (permission <permission>)". */
    denied: string;
  },
) {
  it('on a dry run, lists the files it would write and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(spec.input, { dryRun: true });
    await action.handler(ctx);
    expect(outputs.files).toContain(`create ${spec.file}`);
    expect(outputs.commit).toBeUndefined();
    expect(await fleet.commits()).toBe(before);
    expect(await fleet.file(spec.file)).toBeUndefined();
  });

  it('writes one commit and says which', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(spec.input);
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before + 1);
    expect(outputs.commit).toBe(await fleet.head());
    expect(outputs.entityRef).toBe(spec.entityRef);
    expect(await fleet.file(spec.file)).toBeDefined();
  });

  it('makes no second commit when run again with the same input', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    const { ctx, outputs } = stepContext(spec.input);
    await action.handler(ctx);
    expect(await fleet.commits()).toBe(before);
    expect(outputs.files).toEqual([]);
  });

  it('fails on bad input with a clear message and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(
      action.handler(stepContext(spec.badInput).ctx),
    ).rejects.toThrow(spec.badInputMessage);
    expect(await fleet.commits()).toBe(before);
  });

  it('fails without the permission and writes nothing', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    fleet.allow = false;
    try {
      await expect(
        action.handler(stepContext({ ...spec.input, name: 'other-name' }).ctx),
      ).rejects.toThrow(spec.denied);
    } finally {
      fleet.allow = true;
    }
    expect(await fleet.commits()).toBe(before);
  });
}

/** Starts a test fleet for a describe block and builds its action. */
export function withFleet<A>(build: (fleet: Fleet) => A) {
  const state = {} as { fleet: Fleet; action: A };
  beforeAll(async () => {
    state.fleet = await TestFleet.start();
    state.action = build(state.fleet);
  });
  afterAll(() => state.fleet.stop());
  return () => state;
}
