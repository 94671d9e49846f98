// A long, deterministic markdown answer (~30,000 chars): used by the `long` scenario and the benchmark.

const REGIONS = ['Marmara', 'Aegean', 'Mediterranean', 'Central Anatolia', 'Black Sea', 'Eastern Anatolia'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'];

function section(n: number): string {
  const region = REGIONS[n % REGIONS.length]!;
  const rows = MONTHS.map((month, i) => {
    const orders = 120 + ((n * 37 + i * 53) % 280);
    const revenue = (orders * (61 + ((n + i) % 9) * 4)).toLocaleString('en-US');
    const returns = ((n * 7 + i * 3) % 40) / 10;
    return `| ${month} | ${orders} | €${revenue} | ${returns.toFixed(1)}% |`;
  }).join('\n');
  return `## ${n + 1}. ${region} region

Sales in the **${region}** region were steady this period. The table shows orders, revenue and the
return rate per month; months with a return rate above 3% are worth a closer look, since they
usually point at a delivery partner problem rather than at the products themselves.

| Month | Orders | Revenue | Returns |
|---|---:|---:|---:|
${rows}

The query used for this section:

\`\`\`sql
SELECT strftime('%m', created_at) AS month,
       COUNT(*)                    AS orders,
       SUM(total)                  AS revenue
FROM orders
WHERE region = '${region}'
GROUP BY month
ORDER BY month;
\`\`\`

Things to note:

- The best month was ${MONTHS[(n * 3) % MONTHS.length]}, driven by *repeat customers*.
- Average basket size grew by ${(n % 5) + 2}% compared with the same period last year.
- ${n % 2 === 0 ? 'Two' : 'Three'} large B2B orders were split across several shipments.

`;
}

/** About 30,000 characters of markdown with tables, code blocks and lists. Same text on every call. */
export function longMarkdownAnswer(): string {
  let text = '# Regional sales report\n\nA month-by-month view of every region, with the queries behind it.\n\n';
  for (let n = 0; text.length < 29_000; n++) text += section(n);
  return `${text}**Summary:** all regions are within their targets; see the tables above for details.\n`;
}
