"""Prometheus metrics (``GET /metrics``): rooms, connections, actions, action latency, and
the cluster's takeovers, lost leases, fenced writes and messages between processes."""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Fine below 0.3 s, where the load benchmark's percentiles are read.
ACTION_BUCKETS = (
    0.001,
    0.002,
    0.005,
    0.01,
    0.02,
    0.03,
    0.05,
    0.075,
    0.1,
    0.15,
    0.2,
    0.3,
    0.5,
    1.0,
    2.5,
)


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.rooms = Gauge("zpy_rooms", "Rooms open or in play", registry=r)
        self.connections = Gauge("zpy_connections", "Open WebSocket connections", registry=r)
        self.actions = Counter("zpy_actions", "Players' actions accepted by the engine", registry=r)
        self.rejected = Counter(
            "zpy_rejected",
            "Messages refused (malformed, illegal, out of turn)",
            ["code"],
            registry=r,
        )
        self.rounds = Counter("zpy_rounds", "Rounds finished", registry=r)
        self.action_latency = Histogram(
            "zpy_action_seconds",
            "From a player's action arriving to its events sent (commit included)",
            buckets=ACTION_BUCKETS,
            registry=r,
        )

        self.commits = Counter(
            "zpy_db_commits", "Database transactions committed by the writer", registry=r
        )
        self.takeovers = Counter(
            "zpy_takeovers",
            "Rooms this process took over from another process whose lease ran out",
            registry=r,
        )
        self.leases_lost = Counter(
            "zpy_leases_lost", "Rooms this process stopped running: another owns them", registry=r
        )
        self.fenced = Counter(
            "zpy_fenced_writes",
            "Writes refused because the room's lease had passed to another process",
            registry=r,
        )
        self.sent = Counter(
            "zpy_cluster_sent",
            "Messages sent to other processes (over Redis)",
            ["kind"],
            registry=r,
        )
        self.received = Counter(
            "zpy_cluster_received",
            "Messages received from other processes (over Redis)",
            ["kind"],
            registry=r,
        )
        self.redis_errors = Counter(
            "zpy_redis_errors", "Failed Redis operations (then retried)", registry=r
        )

    def render(self) -> bytes:
        return generate_latest(self.registry)


METRICS = Metrics()
