/** The game SDK's paths: their errors carry a catalogue code (docs/sdk.md, "Errors"). Shared by the server and the OpenAPI document. */
export const isSdkPath = (path: string) => path.startsWith('/api/sdk/');
