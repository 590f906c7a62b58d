"""Room leases (owner, epoch, expiry) and the live server processes, for a card room on
many processes; every open or playing room gets a lease that any process may take.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    leases = op.create_table(
        "room_leases",
        sa.Column("room_id", sa.String(length=16), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=True),
        sa.Column("epoch", sa.BigInteger(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_room_leases_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_room_leases")),
    )
    with op.batch_alter_table("room_leases", schema=None) as batch_op:
        batch_op.create_index("ix_room_leases_owner", ["owner"], unique=False)
        batch_op.create_index("ix_room_leases_expires_at", ["expires_at"], unique=False)
    op.create_table(
        "server_processes",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_until", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_server_processes")),
    )
    rooms = sa.table("rooms", sa.column("id", sa.String()), sa.column("status", sa.String()))
    op.execute(
        leases.insert().from_select(
            ["room_id", "owner", "epoch", "expires_at"],
            sa.select(
                rooms.c.id,
                sa.null(),
                sa.literal(0, sa.BigInteger()),
                sa.literal(datetime(1970, 1, 1, tzinfo=UTC), sa.DateTime(timezone=True)),
            ).where(rooms.c.status.in_(("open", "playing"))),
        )
    )


def downgrade() -> None:
    op.drop_table("server_processes")
    with op.batch_alter_table("room_leases", schema=None) as batch_op:
        batch_op.drop_index("ix_room_leases_expires_at")
        batch_op.drop_index("ix_room_leases_owner")
    op.drop_table("room_leases")
