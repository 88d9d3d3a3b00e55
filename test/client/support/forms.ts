// Additional-fields form fixtures for the component tests, as the product and cart queries answer them.

/** The engraved pen's form: one required text field of at most 20 characters. */
export const engravingForm = () => ({
  name: "Engraving",
  fields: [
    {
      fieldId: "engraving",
      type: "text",
      title: "Engraving",
      description: null,
      placeholder: null,
      required: true,
      maxLength: 20,
      options: [],
      questions: [],
    },
  ],
});
