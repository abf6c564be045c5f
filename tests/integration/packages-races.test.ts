// Two editors saving packages at the same moment, driven by fast-check: rounds of one create, rename or
// archive per editor, sent together to the real server. After every round the database must equal a model
// built only from acknowledged writes (nothing acknowledged is lost, nothing refused is written), names and
// embed names must be unique the way users read them, every refusal must be a 409 whose conflict really
// existed (before the round, or won by the other editor in it), and nothing may answer 500.
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { embedNameInUse, packageNameInUse } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlights, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let publisherId: number;
let clients: [Record<string, string>, Record<string, string>];
let highlights: { id: number; title: string }[];

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const session = async () => {
    const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
    return authOf(await login(t.app, user.email, user.password));
  };
  clients = [await session(), await session()];
  highlights = (await buildHighlights(t.ctx.db, publisherId, 3)).map((h) => ({ id: h.id, title: 'Clip' }));
});
afterAll(() => t.close());

/** How users read a name: trimmed, any case. */
const key = (text: string) => text.trim().toLowerCase();

/** A name of the run (prefixed with its tag) as typed: some case, some outer spaces. */
type Typed = (tag: string) => string;
/** Names of a small pool, so that saves collide often. */
const variant = (base: fc.Arbitrary<string>, join: string): fc.Arbitrary<Typed> =>
  fc
    .tuple(base, fc.constantFrom('as is', 'upper', 'lower'), fc.constantFrom('', ' ', '  '))
    .map(([text, casing, pad]) => {
      const cased = casing === 'upper' ? text.toUpperCase() : casing === 'lower' ? text.toLowerCase() : text;
      const typed = (tag: string) => `${pad}${tag}${join}${cased}${pad}`;
      // A counterexample names what was typed, not a function.
      return Object.assign(typed, { [fc.toStringMethod]: () => JSON.stringify(typed('<run>')) });
    });
const nameArb = variant(fc.constantFrom('Derby', 'Cup Final', 'Top Goals'), ' ');
const aliasArb = fc.option(variant(fc.constantFrom('derby', 'cup-final'), '-'), { nil: null });

type Op =
  | { kind: 'create'; name: Typed; alias: Typed | null }
  | { kind: 'rename'; pick: number; name: Typed }
  | { kind: 'archive'; pick: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), name: nameArb, alias: aliasArb }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: nameArb }),
  fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }),
);

interface Known {
  embedId: string;
  owner: 0 | 1;
  name: string;
  alias: string | null;
  listed: boolean;
}

let runs = 0;

describe('two editors racing package saves', () => {
  it('keeps names unique, loses no acknowledged write and refuses only real conflicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, opArb), { minLength: 1, maxLength: 10 }), async (rounds) => {
        // Each run has its own names (a prefix) so runs never see each other's packages.
        const tag = `r${++runs}x`;
        const model = new Map<string, Known>();
        for (const round of rounds) {
          const before = [...model.values()].map((p) => ({ ...p }));
          // An editor renames or archives only its own listed packages: two editors never write one
          // package in the same round, so the model knows which write is the last.
          const target = (owner: 0 | 1, pick: number) => {
            const own = before.filter((p) => p.owner === owner && p.listed);
            return own.length === 0 ? undefined : own[pick % own.length];
          };
          const send = async (op: Op, owner: 0 | 1) => {
            const headers = clients[owner];
            if (op.kind === 'create') {
              const body = { name: op.name(tag), alias: op.alias?.(tag) ?? null, highlights };
              const res = await t.app.inject({
                method: 'POST',
                url: '/api/v1/editor/packages',
                headers,
                payload: body,
              });
              const alias = body.alias?.trim() ?? null;
              return { op, owner, res, name: body.name.trim(), alias, pkg: undefined };
            }
            const pkg = target(owner, op.pick);
            if (!pkg) return null;
            const url = `/api/v1/editor/packages/${pkg.embedId}`;
            const name = op.kind === 'rename' ? op.name(tag) : '';
            const payload = op.kind === 'rename' ? { name, highlights } : { status: 'Archive' };
            const res = await t.app.inject({ method: 'PUT', url, headers, payload });
            return { op, owner, res, name: name.trim(), alias: null, pkg };
          };
          const answers = await Promise.all([send(round[0], 0), send(round[1], 1)]);

          for (const answer of answers) {
            if (!answer) continue;
            const { op, owner, res, name, alias, pkg } = answer;
            expect([200, 201, 409], res.body).toContain(res.statusCode);
            const other = answers.find((a) => a && a !== answer && a.res.statusCode < 300);
            if (res.statusCode === 409) {
              // A real conflict: held before the round by a listed package (any package for an embed
              // name), or taken in this round by the other editor's acknowledged save.
              const [message] = (res.json() as { errors: string[] }).errors;
              const otherName = other && other.op.kind !== 'archive' ? key(other.name) : undefined;
              if (message === packageNameInUse(name)) {
                const held = before.some((p) => p.listed && key(p.name) === key(name) && p !== pkg);
                expect(held || otherName === key(name), `${res.body} ${JSON.stringify(before)}`).toBe(true);
              } else {
                expect(alias, res.body).not.toBeNull();
                expect(message).toBe(embedNameInUse(alias!));
                const held = before.some((p) => p.alias !== null && key(p.alias) === key(alias!));
                const otherAlias = other?.alias ? key(other.alias) : undefined;
                expect(held || otherAlias === key(alias!), res.body).toBe(true);
              }
              continue;
            }
            if (op.kind === 'create') {
              const data = res.json().data as { embed_id: string; name: string; alias: string | null };
              expect(data.name).toBe(name);
              model.set(data.embed_id, {
                embedId: data.embed_id,
                owner,
                name,
                alias: data.alias,
                listed: true,
              });
            } else if (op.kind === 'rename') model.get(pkg!.embedId)!.name = name;
            else model.get(pkg!.embedId)!.listed = false;
          }

          // The database holds exactly what was acknowledged.
          const rows = await t.ctx.db
            .select({
              embedId: schema.packages.embedId,
              name: schema.packages.name,
              alias: schema.packages.alias,
              status: schema.packages.status,
            })
            .from(schema.packages)
            .where(and(eq(schema.packages.publisherId, publisherId), like(schema.packages.name, `${tag} %`)));
          expect(
            rows.map((r) => ({
              embedId: r.embedId,
              name: r.name,
              alias: r.alias,
              listed: r.status !== 'Archive',
            })),
          ).toEqual(
            expect.arrayContaining(
              [...model.values()].map(({ embedId, name, alias, listed }) => ({
                embedId,
                name,
                alias,
                listed,
              })),
            ),
          );
          expect(rows).toHaveLength(model.size);
          // Unique the way users read them: names among listed packages, embed names among all.
          const listedNames = rows.filter((r) => r.status !== 'Archive').map((r) => key(r.name));
          expect(new Set(listedNames).size).toBe(listedNames.length);
          const aliases = rows.flatMap((r) => (r.alias === null ? [] : [key(r.alias)]));
          expect(new Set(aliases).size).toBe(aliases.length);
        }
      }),
      { numRuns: 25, endOnFailure: true },
    );
  }, 120_000);
});
