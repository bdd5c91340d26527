// Whether a console answers and its demo studio is in. The health check answers as soon as the accounts
// exist, before the demo data has been seeded (`demo: 'preparing'`, src/app/startup.ts); tests and benches
// read that data, so they wait for both. Shared by the test support and the bench scripts.
export async function servingWithDemo(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/health`);
    if (!response.ok) return false;
    const body = await response.json();
    return body?.data?.demo !== 'preparing';
  } catch {
    return false;
  }
}
