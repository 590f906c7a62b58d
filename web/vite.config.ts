import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// The build goes into the Python package, which `zpy serve` serves at `/`.
export default defineConfig({
  plugins: [react()],
  base: "/",
  build: {
    outDir: "../src/zhaopengyou/server/static",
    emptyOutDir: true,
    target: "es2022",
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } },
  },
  test: { environment: "node", include: ["src/**/*.test.ts"] },
});
