/** The first row of a query as a record, or undefined: the stores' one-record reads (src/domain/sellers/, src/domain/payments/). */
export async function firstAs<Row, Out>(query: PromiseLike<Row[]>, as: (row: Row) => Out): Promise<Out | undefined> {
  const [row] = await query;
  return row === undefined ? undefined : as(row);
}
