import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/setup/dynamodb.ts'],
    // A poll waits for a condition (a page updating, a round settling): under a loaded CI machine
    // 1 s, the default, was seen to be too short; a poll that succeeds returns at once anyway.
    expect: { poll: { timeout: 10_000 }, requireAssertions: true }, // a test that asserts nothing fails
  },
});
