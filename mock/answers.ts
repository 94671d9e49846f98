// The assistant's texts. Markdown, as the real model writes it.

export const NORMAL_ANSWER = `Here is last week's order summary.

There were **42** orders, 7 more than the week before.

- **30** shipped
- **9** still processing
- **3** cancelled by the customer

| Status | Orders | Share |
|---|---:|---:|
| Shipped | 30 | 71% |
| Processing | 9 | 21% |
| Cancelled | 3 | 7% |

Most orders came from İzmir and Köln — 12 and 8 respectively.`;

export const TOOLS_INTRO = 'Let me look that up in the sales database.';

export const TOOLS_SQL = `{"sql":"SELECT region, SUM(total) AS revenue FROM orders WHERE created_at >= date('now','-30 days') GROUP BY region ORDER BY revenue DESC LIMIT 3"}`;

export const TOOLS_ANSWER = `

Revenue over the last 30 days by region:

| Region | Revenue |
|---|---:|
| Marmara | €48,200 |
| Aegean | €31,950 |
| Central Anatolia | €22,400 |

**Marmara** leads with 47% of the total.`;

export const MESSY_ANSWER = `Şu an **17** açık sipariş var — that is, there are **17** open orders.

- Oldest: #1031 (3 days)
- Newest: #1047 (12 minutes)

Total value: **€5,430** ✓`;

export const CONFIRMATION_INTRO = 'I found the order. Changing its status needs your confirmation.';

export const confirmationPrompt = (order: string) => `Update the status of order #${order} to 'shipped'?`;

export const confirmationOutcome = (order: string, confirmed: boolean) =>
  confirmed ? `Done, order #${order} is now shipped.` : 'Cancelled, nothing was changed.';

export const APPROVAL_ANSWER =
  "I've prepared the credit limit change for customer **Acme Ltd** (from €10,000 to €15,000).";

export const APPROVAL_MESSAGE =
  'Changing a credit limit needs approval from your team. It will run the next time you write after it is approved.';

export const ERROR_EVENT_ANSWER = 'Checking the inventory for warehouse B… the stock table has ';

export const ERROR_EVENT_MESSAGE = 'The inventory database did not answer in time.';

export const CUT_ANSWER = `Here are the top customers this quarter:

1. **Acme Ltd** — €18,400
2. **Globex** — €15,900
3. **Initech** — €12,300

The fourth one is`;

export const CUT_FULL_ANSWER = `${CUT_ANSWER} **Umbrella Corp** with €9,800.`;

export const READ_ONLY_ANSWER = `This assistant is set up **read-only** for this project, so I can't change any data — no updates, inserts or deletions.

I can still look things up for you, for example:

- the status of an order
- sales by region or period
- a customer's open invoices`;

/** Short answers for seeded conversations, picked by index. */
export const SHORT_ANSWERS = [
  'There were **128** new customers last month, up 12% on the month before.',
  'The average order value this week is **€84.20**.',
  'Order #1019 shipped on Monday and was delivered on Wednesday.',
  'You have **6** unpaid invoices, the oldest from 41 days ago.',
  'Product **SKU-2231** (steel bottle, 750 ml) has 214 units in stock.',
  'Returns were **2.4%** of orders last quarter.',
];

export const SEED_TITLES = [
  'Orders shipped this week',
  'New customers last month',
  'Average order value',
  'Where is order #1019',
  'Unpaid invoices',
  'Stock of SKU-2231',
  'Return rate last quarter',
  'Top products in March',
  'Revenue by region',
  'Late deliveries',
  'Customer churn',
  'Open support tickets',
];

/**
 * Scenario `long-table`: daily orders over `days` days from 1 January 2026, a table longer than the
 * 200 rows the widget shows before "Show all". Values follow a fixed pattern, so tests can know them.
 */
export function longTableAnswer(days: number): string {
  const rows = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    return `| ${date} | ${100 + ((i * 37) % 91)} | €${(1000 + ((i * 53) % 400) * 12.5).toFixed(2)} |`;
  });
  return `Daily orders, ${days} days:\n\n| Date | Orders | Revenue |\n|---|--:|--:|\n${rows.join('\n')}\n`;
}

/**
 * Scenario `tables`: one answer whose tables exercise charts, sorting, CSV and copying (docs/charts.md):
 * categories (bars), months (a line), several series (a legend), a Turkish-format currency column,
 * a gap, a table with no numbers (no chart button) and a code block.
 */
export const TABLES_ANSWER = `Here is the data you asked for.

Revenue by region, last 30 days:

| Region | Revenue |
|---|--:|
| Marmara | €48,200 |
| Aegean | €31,950 |
| Central Anatolia | €22,400 |
| Black Sea | €9,870 |
| Mediterranean | €27,310 |

Orders and returns by month:

| Month | Orders | Returns |
|---|--:|--:|
| January | 412 | 18 |
| February | 388 | 22 |
| March | 455 | 19 |
| April | 501 | 31 |
| May | 478 | n/a |
| June | 530 | 27 |

Aylık ciro (Turkish format):

| Ay | Ciro | Not |
|---|--:|---|
| Ocak | ₺1.234.567,50 | Kış kampanyası |
| Şubat | ₺1.180.020,00 | — |
| Mart | ₺1.402.310,75 | Yeni mağaza: İzmir |

Account owners:

| Customer | Owner | City |
|---|---|---|
| Acme Ltd | Ayşe Yılmaz | İzmir |
| Bauhaus GmbH | Jonas "JJ" Keller | Köln |
| Çınar A.Ş. | Mehmet Öz | Ankara |

See the [sales dashboard](https://example.com/sales) for more. The query:

\`\`\`sql
SELECT region, SUM(total) AS revenue FROM orders GROUP BY region;
\`\`\``;

/**
 * Scenario `units-and-dates`: what a database's own formatting sends (docs/charts.md, "Values are
 * read the way the visitor reads them"): table sizes as `pg_size_pretty` prints them, query times
 * in ms and s, dates with a month name and with slashes, day first, and a column of two
 * currencies (the chart draws one and says it left the other out).
 */
export const UNITS_AND_DATES_ANSWER = `The largest tables:

| Table | Size | Slowest query |
|---|--:|--:|
| events | 3 GB | 1.2 s |
| orders | 512 MB | 850 ms |
| audit_log | 1.5 GB | 2 min |
| users | 900 kB | 40 ms |
| settings | 8192 bytes | 3 ms |

Signups by day:

| Day | Signups |
|---|--:|
| Mar 28, 2026 | 112 |
| Mar 29, 2026 | 98 |
| Mar 30, 2026 | 131 |
| Mar 31, 2026 | 140 |
| Apr 1, 2026 | 127 |

Invoices (day first):

| Due | Customer | Amount |
|---|---|--:|
| 03/04/2026 | Acme Ltd | €1,200 |
| 15/03/2026 | Bauhaus GmbH | €860 |
| 01/05/2026 | Çınar A.Ş. | €2,450 |

Revenue by country, in each country's currency:

| Country | Revenue |
|---|--:|
| Türkiye | ₺1.2M |
| Germany | €300K |
| Cyprus | ₺900K |
| Greece | €120K |
`;
