import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/setup/dynamodb.ts'],
    // One file at a time (vitest's default on 2 cores, said here on purpose): with two, the browser
    // tests' real-time windows (a seat's decision, a push) were missed on a loaded 2-core CI machine.
    maxWorkers: 1,
    // A poll waits for a condition (a page updating, a round settling): under a loaded CI machine
    // 1 s, the default, was seen to be too short; a poll that succeeds returns at once anyway.
    expect: { poll: { timeout: 10_000 }, requireAssertions: true }, // a test that asserts nothing fails
  },
});
