// Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (an esbuild alias in
// infra/bundling.ts): in Lambda the execution role's credentials are in the environment
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) for the life of the execution
// environment, so the default chain (SSO, STS, web identity, IMDS: ~60 KB of nested clients) is
// never needed there. Local runs (tsx) keep the SDK's real default chain.
type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export const defaultProvider = () => async (): Promise<Credentials> => {
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  } = process.env;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('no AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
};
export const credentialsWillNeedRefresh = (): boolean => false;
export const credentialsTreatedAsExpired = (): boolean => false;
