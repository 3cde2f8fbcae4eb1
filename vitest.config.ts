import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/setup/dynamodb.ts'],
    // vitest's default is one worker fewer than the cores: on a 2-core CI machine that is one file at a
    // time, while most files wait on DynamoDB Local, a browser or a child process. Every file uses its
    // own tables, ports and temporary folders, so two run side by side.
    maxWorkers: 2,
    // A poll waits for a condition (a page updating, a round settling): under a loaded CI machine
    // 1 s, the default, was seen to be too short; a poll that succeeds returns at once anyway.
    expect: { poll: { timeout: 10_000 }, requireAssertions: true }, // a test that asserts nothing fails
  },
});
