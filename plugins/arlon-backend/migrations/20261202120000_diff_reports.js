// @ts-check

/**
 * Saved diff reports: the only state the portal keeps that neither Git nor
 * the clusters hold. The report itself is one JSON text column (it is read
 * and written whole); the list view reads the small columns beside it.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('arlon_diff_reports', table => {
    table.comment('Diff reports saved from the portal or imported from a file');
    table.string('id', 36).primary().notNullable();
    table.string('title', 200).notNullable();
    table.text('left_target').notNullable().comment('DiffTarget as JSON');
    table.text('right_target').notNullable().comment('DiffTarget as JSON');
    table
      .string('created_at', 40)
      .notNullable()
      .comment('When the comparison ran (ISO 8601)');
    table.text('summary').notNullable().comment('Counts by action as JSON');
    table.string('saved_by', 255).notNullable().comment('User entity ref');
    table.timestamp('saved_at', { useTz: true }).notNullable();
    table
      .text('report', 'longtext')
      .notNullable()
      .comment('The whole DiffReport as JSON');
    table.index(['saved_at'], 'arlon_diff_reports_saved_at_idx');
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async function down(knex) {
  await knex.schema.dropTable('arlon_diff_reports');
};
