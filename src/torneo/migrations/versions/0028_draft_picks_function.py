"""A draft's batch of picks is one statement: the function ``torneo_draft_picks`` (issue 32)

``cards.draft.commands_fast`` sent a batch of picks as a pipeline: one statement locking the
pods' rows, then one data-modifying CTE per pick. psycopg's Python work per statement (a cursor,
the execution, some twenty parameters to dump, the pipeline's bookkeeping, the fetch) was a
sixth of a worker's CPU in the draft's bench. This function takes the whole batch in one call
(the pods as an array, the picks as one JSON array of arrays) and does exactly what the
pipeline did, in the same order, returning one row per pick: the audit rows inserted (1: the
pick was stored), the pod moved (1: the pick passed the packs), and after a pass within the
booster the booster's picks so far as [seat, pick, card] rows.

Why the lock is its own statement, inside the function as it was in the pipeline: under READ
COMMITTED a statement reads the snapshot taken when it began, and a VOLATILE function (this
one) "obtains a fresh snapshot at the start of each query it executes" (PostgreSQL manual,
Function Volatility Categories), as each statement of the pipeline did. So the lock waits for
any other batch or pick of the pods to commit, and each pick's statement after it begins once
the locks are held: it sees everything committed before, and the batch's own earlier picks and
passes (PL/pgSQL advances the command counter between statements). A CTE that waited for the
lock inside itself would judge the pick on picks read before the pass it waited for (a card
taken just before could be taken twice). The call is one statement in autocommit: one
transaction, a failure stores nothing.

The pick's statement is the pipeline's CTE, its parameters now the loop's variables: it
inserts the pick and its audit row only if the usual path would take the pick (the checks are
explained in ``commands_fast``'s module doc), and passes the packs when every other seat has
picked (BER-DRAFT-1). A pick's JSON array holds, in order: the pod's id, the seat's number, its
row's id, the player, the booster, the pick, the card, when the pick was read (null: now;
BER-DRAFT-2), the pod's seats, the copies of the card the booster opened with, the holders of
the booster at its earlier picks (an int[]'s text), the actor, the audit row's ``after`` (its
text kept as the caller wrote it: the json type keeps a value's text), the next booster and
pick (null: the draft's end), and the seconds a pick lasts (the pod's next deadline).

PostgreSQL only: SQLite (one worker, one writer) takes the usual path. What the function does
is the database's from now on: a change to it (a rule of the usual path changed) is a new
migration replacing it, and ``tests/cards/draft/test_commands_fast.py`` compares the two paths.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-06 02:40:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# OR REPLACE: a restore of an older backup (pg_restore --clean drops only what it holds) keeps
# the function, and the upgrade after it runs this again
FUNCTION = """
CREATE OR REPLACE FUNCTION torneo_draft_picks(
    _pods int[], _event int, _now timestamptz, _how text, _picks json
) RETURNS TABLE (stored bigint, passed bigint, booster_picks json)
LANGUAGE plpgsql VOLATILE
AS $fn$
DECLARE
    _pod int; _seat int; _seat_id int; _player int; _booster int; _pick int; _card text;
    _when timestamptz; _seats int; _copies int; _holders int[]; _actor text; _after json;
    _next_booster int; _next_pick int; _deadline timestamptz;
BEGIN
    -- the pods' rows first, in id order, in a statement of their own (migration doc)
    PERFORM id FROM draft_pods WHERE id = ANY(_pods) ORDER BY id FOR UPDATE;
    FOR _pod, _seat, _seat_id, _player, _booster, _pick, _card, _when, _seats, _copies,
        _holders, _actor, _after, _next_booster, _next_pick, _deadline IN
        SELECT (e->>0)::int, (e->>1)::int, (e->>2)::int, (e->>3)::int, (e->>4)::int,
               (e->>5)::int, e->>6, LEAST((e->>7)::timestamptz, _now), (e->>8)::int,
               (e->>9)::int, (e->>10)::int[], e->>11, e->12, (e->>13)::int, (e->>14)::int,
               _now + make_interval(secs => (e->>15)::int)
        FROM json_array_elements(_picks) e
    LOOP
        WITH ok AS (
            SELECT (SELECT count(*) FROM draft_picks k
                    WHERE k.pod_id = p.id AND k.booster_no = _booster AND k.pick_no = _pick)
                   = _seats - 1 AS passes,
                   EXISTS (SELECT 1 FROM draft_seats d WHERE d.pod_id = p.id AND d.disqualified)
                   AS out
            FROM draft_pods p JOIN draft_seats s ON s.pod_id = p.id
            WHERE p.id = _pod AND s.id = _seat_id AND s.player_id = _player
              AND p.status = 'running' AND p.booster_no = _booster AND p.pick_no = _pick
              AND NOT s.disqualified
              AND (p.deadline IS NULL OR p.deadline > _when)
              AND NOT EXISTS (
                  SELECT 1 FROM draft_picks k
                  WHERE k.pod_id = p.id AND k.seat_no = _seat
                    AND k.booster_no = _booster AND k.pick_no = _pick)
              AND NOT EXISTS (
                  SELECT 1 FROM draft_seats d
                  WHERE d.pod_id = p.id AND d.disqualified AND NOT EXISTS (
                      SELECT 1 FROM draft_picks k
                      WHERE k.pod_id = p.id AND k.seat_no = d.seat_no
                        AND k.booster_no = _booster AND k.pick_no = _pick))
              AND (SELECT count(*) FROM draft_picks k
                   WHERE k.pod_id = p.id AND k.booster_no = _booster AND k.card_code = _card
                     AND k.pick_no < _pick AND k.seat_no = _holders[k.pick_no])
                  < _copies
        ), go AS (
            -- a pass only to a next pick (the draft's end records the pools, BER-FMT-3) and
            -- with no disqualified seat (the server would pick for it at once at the next
            -- pick, BER-DRAFT-2): else the usual path's
            SELECT passes FROM ok
            WHERE NOT passes OR (NOT out AND _next_pick IS NOT NULL)
        ), pick AS (
            INSERT INTO draft_picks (pod_id, seat_no, booster_no, pick_no, card_code, how,
                                     picked_at)
            SELECT _pod, _seat, _booster, _pick, _card, _how, _now FROM go
            ON CONFLICT DO NOTHING
            RETURNING id
        ), audit AS (
            INSERT INTO audit_log (at, actor, action, entity, entity_id, event_id, before,
                                   after, reason)
            SELECT _now, _actor, 'draft.pick', 'draft_pick', _pod, _event, 'null'::json,
                   _after, NULL
            FROM pick
            RETURNING id
        ), moved AS (
            -- BER-DRAFT-1: every seat has picked, the boosters pass (as commands._advance,
            -- whose ORM flush bumps the row's version too)
            UPDATE draft_pods
            SET booster_no = _next_booster, pick_no = _next_pick, deadline = _deadline,
                version = version + 1
            WHERE id = _pod AND EXISTS (SELECT 1 FROM go WHERE passes)
              AND EXISTS (SELECT 1 FROM pick)
            RETURNING id
        )
        SELECT (SELECT count(*) FROM audit), (SELECT count(*) FROM moved),
               -- after a pass within the booster, its picks so far for the next packs (the
               -- statement does not see its own insert: the caller adds it)
               (SELECT json_agg(json_build_array(k.seat_no, k.pick_no, k.card_code))
                FROM draft_picks k
                WHERE k.pod_id = _pod AND k.booster_no = _booster
                  AND _next_booster = _booster AND EXISTS (SELECT 1 FROM moved))
        INTO stored, passed, booster_picks;
        RETURN NEXT;
    END LOOP;
END
$fn$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FUNCTION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "DROP FUNCTION IF EXISTS torneo_draft_picks(int[], int, timestamptz, text, json)"
        )
