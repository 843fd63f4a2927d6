import type { Page } from '@playwright/test';

/**
 * The Content-Security-Policy issues the browser raises on `page` from now on (Chromium's Audits
 * domain), each as its details in JSON: the list fills as the page goes on.
 */
export async function contentSecurityPolicyIssues(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  return issues;
}
