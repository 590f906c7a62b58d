// Hash routes: #/ lobby, #/room/ID, #/replay/ROUND, #/leaderboard, #/profile/NAME.
import { useEffect, useState } from "react";

export type Route =
  | { page: "lobby" }
  | { page: "room"; id: string; watch: boolean }
  | { page: "replay"; round: number }
  | { page: "leaderboard" }
  | { page: "profile"; name: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if ((parts[0] === "room" || parts[0] === "watch") && parts[1]) return { page: "room", id: parts[1], watch: parts[0] === "watch" };
  if (parts[0] === "replay" && /^\d+$/.test(parts[1] ?? "")) return { page: "replay", round: Number(parts[1]) };
  if (parts[0] === "leaderboard") return { page: "leaderboard" };
  if (parts[0] === "profile" && parts[1]) return { page: "profile", name: parts[1] };
  return { page: "lobby" };
}

export function href(route: Route): string {
  switch (route.page) {
    case "lobby":
      return "#/";
    case "room":
      return `#/${route.watch ? "watch" : "room"}/${encodeURIComponent(route.id)}`;
    case "replay":
      return `#/replay/${route.round}`;
    case "leaderboard":
      return "#/leaderboard";
    case "profile":
      return `#/profile/${encodeURIComponent(route.name)}`;
  }
}

export function go(route: Route): void {
  location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}
