'use strict';
/**
 * The body of each procedure completion the procedures bench posts (autocannon's `setupRequest`, loaded by its
 * worker thread, which cannot be handed a function): a completed procedure of ITEMS products picked at random from
 * the stocked pool. The bench passes the practice, the code, the pool and ITEMS in BENCH_PROCEDURE (JSON).
 */

/** `n` distinct ids of `from`, ascending. */
function pick(n, from) {
  const copy = [...from];
  const out = [];
  while (out.length < n) out.push(copy.splice(Math.floor(Math.random() * copy.length), 1)[0]);
  return out.sort((a, b) => a - b);
}

module.exports = function setupRequest(request) {
  const { practiceId, codeId, pool, items } = JSON.parse(process.env.BENCH_PROCEDURE);
  return {
    ...request,
    body: JSON.stringify({
      dental_practice_id: practiceId, procedure_code_id: codeId, performed_at: new Date().toISOString(), provider: 'Dr. Bench', status: 'completed',
      items: pick(items, pool).map((product_id) => ({ product_id, quantity: '1' })),
    }),
  };
};
module.exports.pick = pick;
